import { createServer, type Server } from 'node:net';

export interface ReceivedMail {
  from: string;
  to: string[];
  data: string;
  subject: string;
}

/**
 * A local SMTP server that accepts every message and keeps it, for the
 * backup service's email driver (BACKUP_SMTP_URL=smtp://127.0.0.1:<port>).
 */
export class SmtpSink {
  private constructor(
    private readonly server: Server,
    readonly url: string,
    /** Every message received, in order. */
    readonly mails: ReceivedMail[],
  ) {}

  static async start(): Promise<SmtpSink> {
    const mails: ReceivedMail[] = [];
    const server = createServer((socket) => {
      socket.setEncoding('utf8');
      let buffer = '';
      let inData = false;
      let current: ReceivedMail = { from: '', to: [], data: '', subject: '' };
      socket.write('220 sink ESMTP\r\n');
      socket.on('data', (chunk: string) => {
        buffer += chunk;
        for (;;) {
          if (inData) {
            const end = buffer.indexOf('\r\n.\r\n');
            if (end === -1) return;
            current.data = buffer.slice(0, end).replace(/^\.\./gm, '.');
            current.subject = /^Subject: (.*)$/m.exec(current.data)?.[1]?.trim() ?? '';
            mails.push(current);
            current = { from: '', to: [], data: '', subject: '' };
            buffer = buffer.slice(end + 5);
            inData = false;
            socket.write('250 queued\r\n');
            continue;
          }
          const end = buffer.indexOf('\r\n');
          if (end === -1) return;
          const line = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const verb = line.slice(0, 4).toUpperCase();
          if (verb === 'EHLO' || verb === 'HELO') {
            socket.write('250-sink\r\n250 8BITMIME\r\n');
            continue;
          }
          if (verb === 'MAIL') current.from = /<(.*)>/.exec(line)?.[1] ?? '';
          if (verb === 'RCPT') current.to.push(/<(.*)>/.exec(line)?.[1] ?? '');
          if (verb === 'DATA') {
            inData = true;
            socket.write('354 go on\r\n');
            continue;
          }
          if (verb === 'QUIT') {
            socket.end('221 bye\r\n');
            return;
          }
          else socket.write('250 ok\r\n');
        }
      });
      socket.on('error', () => undefined);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    if (!address || typeof address !== 'object') throw new Error('the SMTP sink did not listen');
    return new SmtpSink(server, `smtp://127.0.0.1:${address.port}?from=backup@dashboard.test`, mails);
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}
