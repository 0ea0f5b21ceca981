import { describe, expect, it } from 'vitest';
import { eventParser, type StreamEvent } from './event-stream.ts';

describe('eventParser', () => {
  it('hands over whole events however the text is cut, skipping comments', () => {
    const events: StreamEvent[] = [];
    const retries: number[] = [];
    const parse = eventParser(
      (event) => events.push(event),
      (ms) => retries.push(ms),
    );
    for (const chunk of [
      'retry: 3000\n\n: keep-alive\n\nid: 1\nevent: pa',
      'irs\ndata: {"a":',
      '1}\n',
      '\n',
    ]) {
      parse(chunk);
    }
    parse('data: first\r\ndata: second\r\n\r\nevent: pairs\n');
    expect(events).toEqual([
      { event: 'pairs', data: '{"a":1}' },
      { event: 'message', data: 'first\nsecond' },
    ]);
    expect(retries).toEqual([3000]);
  });
});
