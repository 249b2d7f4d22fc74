import type { BackupDb } from './db.js';
import { wallTime } from './schedule.js';
import { sendMail, type SmtpTarget } from './smtp.js';

/** The events a template can ask for (spec 3 §3.3). */
export const EVENTS = [
  'task_completed',
  'task_error',
  'task_terminated',
  'job_created',
  'job_updated',
  'job_deleted',
  'start_job_backup',
  'start_job_restore',
  'start_job_delete',
  'start_job_detach',
] as const;
export type NotificationEvent = (typeof EVENTS)[number];

export interface Template {
  driver: { name: 'email'; recipient: string };
  enabled: boolean;
  events: NotificationEvent[];
  conditions: {
    postponedSending: boolean;
    /** Hours 0-23 of the cloud's time zone, inclusive; null and null: the whole day. */
    sendTimeFrom: number | null;
    sendTimeTo: number | null;
    /** Seven 0/1 characters, Monday first. */
    sendWeekDays: string;
  };
}

export interface LogEntry {
  id: number;
  event: string;
  recipient: string;
  subject: string;
  status: 'sent' | 'postponed' | 'skipped' | 'failed' | 'not_sent';
  created_at: string;
  send_at: string | null;
  sent_at: string | null;
  error: string | null;
}

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/**
 * The email driver: each event goes to the templates of its project that ask
 * for it, now when the send window and weekday mask allow, later when the
 * template postpones, else not at all; every notification is kept in a log.
 */
export class Notifier {
  constructor(
    private readonly db: BackupDb,
    private readonly smtp: SmtpTarget | null,
    private readonly timeZone: string,
    private readonly now: () => number,
  ) {}

  templates(projectId: string): Template[] {
    const row = this.db.get<{ templates: string }>('SELECT templates FROM notification_templates WHERE project_id = ?', projectId);
    return row ? (JSON.parse(row.templates) as Template[]) : [];
  }

  replaceTemplates(projectId: string, templates: Template[]): void {
    this.db.run(
      'INSERT INTO notification_templates (project_id, templates) VALUES (?, ?) ON CONFLICT (project_id) DO UPDATE SET templates = excluded.templates',
      projectId,
      JSON.stringify(templates),
    );
  }

  log(projectId: string, limit = 200): LogEntry[] {
    return this.db
      .all<{ id: number; event: string; recipient: string; subject: string; status: LogEntry['status']; created_at: number; send_at: number | null; sent_at: number | null; error: string | null }>(
        'SELECT id, event, recipient, subject, status, created_at, send_at, sent_at, error FROM notification_log WHERE project_id = ? ORDER BY id DESC LIMIT ?',
        projectId,
        limit,
      )
      .map((row) => ({ ...row, created_at: iso(row.created_at)!, send_at: iso(row.send_at), sent_at: iso(row.sent_at) }));
  }

  /** Whether the template's window and weekday mask allow sending at `at`. */
  allows(template: Template, at: number): boolean {
    const wall = wallTime(at, this.timeZone);
    const mondayFirst = (wall.weekday + 6) % 7;
    if (template.conditions.sendWeekDays[mondayFirst] !== '1') return false;
    const { sendTimeFrom: from, sendTimeTo: to } = template.conditions;
    if (from === null || to === null) return true;
    return from <= to ? wall.hour >= from && wall.hour <= to : wall.hour >= from || wall.hour <= to;
  }

  /** The first whole hour from `after` on at which the template may send, within a week. */
  private nextAllowed(template: Template, after: number): number | null {
    const hour = 3_600_000;
    for (let at = Math.ceil(after / hour) * hour; at <= after + 8 * 24 * hour; at += hour) {
      if (this.allows(template, at)) return at;
    }
    return null;
  }

  /** Records the event for every template that wants it, and sends what may go now. */
  async emit(projectId: string, event: NotificationEvent, subject: string, text: string): Promise<void> {
    const now = this.now();
    const sending: Promise<void>[] = [];
    for (const template of this.templates(projectId)) {
      if (!template.enabled || !template.events.includes(event)) continue;
      const recipient = template.driver.recipient;
      if (this.allows(template, now)) {
        const id = this.record(projectId, event, recipient, subject, text, 'postponed', now, now);
        sending.push(this.deliver(id));
      } else if (template.conditions.postponedSending) {
        this.record(projectId, event, recipient, subject, text, 'postponed', now, this.nextAllowed(template, now));
      } else {
        const id = this.record(projectId, event, recipient, subject, text, 'skipped', now, null);
        this.db.run("UPDATE notification_log SET error = 'Outside the send window of the template.' WHERE id = ?", id);
      }
    }
    await Promise.all(sending);
  }

  /** Sends the postponed notifications whose time has come (the scheduler's tick). */
  async flushDue(): Promise<void> {
    const due = this.db.all<{ id: number }>("SELECT id FROM notification_log WHERE status = 'postponed' AND send_at IS NOT NULL AND send_at <= ? ORDER BY id", this.now());
    for (const { id } of due) await this.deliver(id);
  }

  private record(projectId: string, event: string, recipient: string, subject: string, body: string, status: string, now: number, sendAt: number | null): number {
    return Number(
      this.db.run(
        'INSERT INTO notification_log (project_id, event, recipient, subject, body, status, created_at, send_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
        projectId,
        event,
        recipient,
        subject,
        body,
        status,
        now,
        sendAt,
      ).lastInsertRowid,
    );
  }

  private async deliver(id: number): Promise<void> {
    // Claimed first, so two ticks never send the same notification twice.
    if (this.db.run("UPDATE notification_log SET status = 'sending' WHERE id = ? AND status = 'postponed'", id).changes !== 1) return;
    const row = this.db.get<{ recipient: string; subject: string; body: string }>('SELECT recipient, subject, body FROM notification_log WHERE id = ?', id)!;
    if (!this.smtp) {
      this.db.run("UPDATE notification_log SET status = 'not_sent', error = 'No mail server is configured (BACKUP_SMTP_URL).' WHERE id = ?", id);
      return;
    }
    try {
      await sendMail(this.smtp, { from: this.smtp.from, to: row.recipient, subject: row.subject, text: row.body });
      this.db.run("UPDATE notification_log SET status = 'sent', sent_at = ? WHERE id = ?", this.now(), id);
    } catch (error) {
      this.db.run("UPDATE notification_log SET status = 'failed', error = ? WHERE id = ?", error instanceof Error ? error.message : String(error), id);
    }
  }
}
