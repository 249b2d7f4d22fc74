import { ApiError } from '../server/errors.js';

/** A refusal of the backup API: its status and a sentence for the user (a JSON string body, as every error of this server). */
export class BackupError extends ApiError {
  constructor(status: number, message: string) {
    super(status, message);
    this.name = 'BackupError';
  }
}

export const notFound = (what: string) => new BackupError(404, `${what} could not be found.`);
export const conflict = (message: string) => new BackupError(409, message);
export const badRequest = (message: string) => new BackupError(400, message);
