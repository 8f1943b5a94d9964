import { describe, expect, it } from 'vitest';
import { logFormat, logTransport } from '../../server/ops/logOutput.ts';

describe('log output', () => {
  it('writes JSON off a terminal and readable lines on one, unless LOG_FORMAT says', () => {
    expect(logFormat(undefined, false)).toBe('json');
    expect(logFormat(undefined, true)).toBe('pretty');
    expect(logFormat('json', true)).toBe('json');
    expect(logFormat('pretty', false)).toBe('pretty');
    expect(logTransport('json')).toEqual({});
    expect(logTransport('pretty').transport?.target).toBe('pino-pretty');
  });
});
