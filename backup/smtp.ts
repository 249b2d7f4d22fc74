import { connect, type Socket } from 'node:net';

/**
 * A minimal SMTP client (RFC 5321: EHLO, optional AUTH PLAIN, MAIL, RCPT,
 * DATA) for the email driver of the notification templates. Plain TCP: a relay
 * on the same host or network (`smtp://user:pass@host:25?from=backup@example.org`).
 */
export interface Mail {
  from: string;
  to: string;
  subject: string;
  text: string;
}

export interface SmtpTarget {
  host: string;
  port: number;
  user?: string;
  password?: string;
  from: string;
}

export function parseSmtpUrl(text: string): SmtpTarget {
  const url = new URL(text);
  if (url.protocol !== 'smtp:') throw new Error(`BACKUP_SMTP_URL must be smtp://host:port, not ${url.protocol}`);
  return {
    host: url.hostname,
    port: Number(url.port || 25),
    user: url.username ? decodeURIComponent(url.username) : undefined,
    password: url.password ? decodeURIComponent(url.password) : undefined,
    from: url.searchParams.get('from') ?? 'backup@localhost',
  };
}

/** Lines starting with a dot are doubled (RFC 5321 §4.5.2); lines end with CRLF. */
function dataOf(mail: Mail): string {
  const headers = [
    `From: ${mail.from}`,
    `To: ${mail.to}`,
    `Subject: ${mail.subject.replace(/[\r\n]+/g, ' ')}`,
    `Date: ${new Date().toUTCString()}`,
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
    'Content-Transfer-Encoding: 8bit',
  ];
  const body = mail.text.split(/\r?\n/).map((line) => (line.startsWith('.') ? `.${line}` : line));
  return [...headers, '', ...body].join('\r\n');
}

/** Reads SMTP replies (multi-line ones end with "NNN " rather than "NNN-"). */
class Replies {
  private buffer = '';
  private waiting: { resolve: (reply: string) => void; reject: (error: Error) => void } | null = null;
  private readonly ready: string[] = [];
  private failure: Error | null = null;

  constructor(socket: Socket) {
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      this.buffer += chunk;
      let end: number;
      while ((end = this.buffer.search(/^\d{3} .*\r?\n/m)) !== -1) {
        const lineEnd = this.buffer.indexOf('\n', end) + 1;
        this.ready.push(this.buffer.slice(0, lineEnd));
        this.buffer = this.buffer.slice(lineEnd);
      }
      this.deliver();
    });
    const fail = (error: Error) => {
      this.failure = error;
      this.deliver();
    };
    socket.on('error', fail);
    socket.on('close', () => fail(new Error('The SMTP server closed the connection.')));
  }

  private deliver(): void {
    if (!this.waiting) return;
    const reply = this.ready.shift();
    if (reply !== undefined) {
      const { resolve } = this.waiting;
      this.waiting = null;
      resolve(reply);
    } else if (this.failure) {
      const { reject } = this.waiting;
      this.waiting = null;
      reject(this.failure);
    }
  }

  next(): Promise<string> {
    return new Promise((resolve, reject) => {
      this.waiting = { resolve, reject };
      this.deliver();
    });
  }
}

export async function sendMail(target: SmtpTarget, mail: Mail, timeoutMs = 15_000): Promise<void> {
  const socket = connect({ host: target.host, port: target.port });
  socket.setTimeout(timeoutMs, () => socket.destroy(new Error('The SMTP server did not answer in time.')));
  const replies = new Replies(socket);
  const expect = async (codes: number[], command?: string) => {
    if (command !== undefined) socket.write(`${command}\r\n`);
    const reply = await replies.next();
    const code = Number(reply.slice(0, 3));
    if (!codes.includes(code)) throw new Error(`The SMTP server refused ${command?.split(' ')[0] ?? 'the connection'}: ${reply.trim().split('\n').at(-1)}`);
  };
  try {
    await expect([220]);
    await expect([250], 'EHLO cloud-dashboard');
    if (target.user) {
      const plain = Buffer.from(`\0${target.user}\0${target.password ?? ''}`).toString('base64');
      await expect([235], `AUTH PLAIN ${plain}`);
    }
    await expect([250], `MAIL FROM:<${mail.from}>`);
    await expect([250, 251], `RCPT TO:<${mail.to}>`);
    await expect([354], 'DATA');
    await expect([250], `${dataOf(mail)}\r\n.`);
    await expect([221], 'QUIT').catch(() => undefined);
  } finally {
    socket.destroy();
  }
}
