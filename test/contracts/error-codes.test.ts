import { describe, expect, it } from 'vitest';
import { RULES_ERROR_CODES, RulesError } from '@veil/engine';
import { ERROR_CODES, protocolError } from '@veil/protocol';

// The engine's rule errors travel to clients as protocol errors: every code must be in the
// closed list, with the very same generic message, so nothing is translated (or leaked) on the way.
describe('engine rule errors are protocol errors', () => {
  it.each(RULES_ERROR_CODES)('%s is in the closed list with the same message', (code) => {
    expect(ERROR_CODES).toContain(code);
    expect(new RulesError(code).message).toBe(protocolError(code).message);
  });
});
