import { describe, expect, it } from 'vitest';
import { NotesApiError } from '../../../utils/api';
import { judgeFailure, toDeliveryFailure } from '../../../utils/outbox';

describe('reading a failure', () => {
  it('takes kind, status, Retry-After and the service’s words from a NotesApiError', () => {
    const error = new NotesApiError('rate-limited', 'The service is busy. Clipdeck will retry.', {
      status: 429,
      retryAfterMs: 3_000,
      serverMessage: 'slow down',
      code: 'rate_limited',
    });
    expect(toDeliveryFailure(error)).toEqual({
      kind: 'rate-limited',
      message: 'The service is busy. Clipdeck will retry.',
      status: 429,
      retryAfterMs: 3_000,
      serverMessage: 'slow down',
      code: 'rate_limited',
    });
  });

  it('turns anything else into an unexpected failure with a sentence, never a stack', () => {
    const failure = toDeliveryFailure(new TypeError('x is undefined'));
    expect(failure.kind).toBe('unexpected');
    expect(failure.message).not.toContain('x is undefined');
    expect(failure.message).toMatch(/try again/);
  });
});

describe('what each failure means for a clip', () => {
  it.each([
    ['network', { action: 'retry', outcomeUnknown: true }],
    ['timeout', { action: 'retry', outcomeUnknown: true }],
    ['server', { action: 'retry', outcomeUnknown: true }],
    ['protocol', { action: 'retry', outcomeUnknown: true }],
    ['rate-limited', { action: 'retry', outcomeUnknown: false }],
    ['auth', { action: 'pause-for-auth' }],
    ['not-found', { action: 'attention', reason: 'unknown-deck' }],
    ['invalid-request', { action: 'attention', reason: 'invalid-request' }],
  ])('%s → %o', (kind, verdict) => {
    expect(judgeFailure({ kind, message: 'm' }, 'deck')).toMatchObject(verdict);
  });

  it('a 404 without a notebook points at the base URL', () => {
    const verdict = judgeFailure({ kind: 'not-found', message: 'm' }, undefined);
    expect(verdict).toMatchObject({ action: 'attention', reason: 'unknown-deck' });
    expect(verdict.action === 'attention' && verdict.message).toContain('base URL');
  });
});
