import { CloudError } from '../../core/errors.js';

/**
 * Heat's typed faults: the `type` is the name of the Python exception Heat
 * raised, which its fault middleware puts in `error.type` beside the message.
 */
export class HeatError extends CloudError {
  constructor(
    status: number,
    readonly type: string,
    message: string,
  ) {
    super(status, message);
  }
}

export const badRequest = (message: string, type = 'HTTPBadRequest') => new HeatError(400, type, message);
export const stackNotFound = (nameOrId: string) => new HeatError(404, 'EntityNotFound', `The Stack (${nameOrId}) could not be found.`);
export const invalidTemplate = (message: string) => new HeatError(400, 'StackValidationFailed', message);
