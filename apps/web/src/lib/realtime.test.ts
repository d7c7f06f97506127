import { describe, expect, it } from 'vitest';
import { parseRealtimeMessage, reconnectDelay } from './realtime';

describe('realtime messages', () => {
  it('reads channel, event and data', () => {
    expect(parseRealtimeMessage('{"channel":"imports","event":"connected"}')).toEqual({
      channel: 'imports',
      event: 'connected',
    });
    expect(
      parseRealtimeMessage('{"channel":"imports","event":"job","data":{"id":3,"progress":40}}')?.data,
    ).toEqual({ id: 3, progress: 40 });
  });

  it('ignores what is not a message', () => {
    expect(parseRealtimeMessage('not json')).toBeNull();
    expect(parseRealtimeMessage('{"event":"x"}')).toBeNull();
    expect(parseRealtimeMessage(42)).toBeNull();
  });

  it('backs off up to 30 seconds', () => {
    expect(reconnectDelay(0)).toBe(1000);
    expect(reconnectDelay(3)).toBe(8000);
    expect(reconnectDelay(10)).toBe(30_000);
  });
});
