import { CloudError } from '../../core/errors.js';

/**
 * Swift's answers as swob renders them: a status with its standard HTML
 * explanation, or a short text body of the middleware that refused
 * (account_quotas' "Upload exceeds quota.").
 */
export const SWIFT_REASONS: Record<number, [title: string, explanation: string]> = {
  400: ['Bad Request', 'The server could not comply with the request since it is either malformed or otherwise incorrect.'],
  401: ['Unauthorized', 'This server could not verify that you are authorized to access the document you requested.'],
  403: ['Forbidden', 'Access was denied to this resource.'],
  404: ['Not Found', 'The resource could not be found.'],
  405: ['Method Not Allowed', 'The method is not allowed for this resource.'],
  409: ['Conflict', 'There was a conflict when trying to complete your request.'],
  411: ['Length Required', 'Content-Length header required.'],
  412: ['Precondition Failed', 'A precondition for this request was not met.'],
  413: ['Request Entity Too Large', 'The body of your request was too large for this server.'],
  416: ['Requested Range Not Satisfiable', 'The Range requested is not available.'],
  422: ['Unprocessable Entity', 'Unable to process the contained instructions'],
};

export class SwiftError extends CloudError {
  /** A plain-text body instead of swob's HTML page. */
  readonly text: string | undefined;

  constructor(status: number, text?: string) {
    super(status, text ?? SWIFT_REASONS[status]?.[1] ?? '');
    this.text = text;
  }
}
