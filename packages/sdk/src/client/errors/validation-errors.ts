import type * as z from 'zod/mini';
import { PetstoreError } from './petstore-error.js';

/** Issue list as zod reports it. */
export type ValidationIssues = readonly z.core.$ZodIssue[];

/** The arguments broke the contract; nothing was sent. */
export class RequestValidationError extends PetstoreError {
  override name = 'RequestValidationError';
  readonly issues: ValidationIssues;

  constructor(message: string, issues: ValidationIssues) {
    super(message);
    this.issues = issues;
  }
}

/** The service answered with a body that breaks the contract (a missing or mistyped field). */
export class ResponseValidationError extends PetstoreError {
  override name = 'ResponseValidationError';
  readonly issues: ValidationIssues;
  /** The body as received. */
  readonly rawBody: string;

  constructor(message: string, issues: ValidationIssues, rawBody: string) {
    super(message);
    this.issues = issues;
    this.rawBody = rawBody;
  }
}
