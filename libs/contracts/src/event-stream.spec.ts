import { createEventStreamParser, readEventStream, type ServerSentEvent } from './event-stream';

function parseInPieces(pieces: string[]): ServerSentEvent[] {
  const events: ServerSentEvent[] = [];
  const parser = createEventStreamParser((event) => events.push(event));
  pieces.forEach((piece) => parser.push(piece));
  return events;
}

const STREAM =
  ': heartbeat\n\n' +
  'event: visitors\ndata: {"a":1}\n\n' +
  'data: first line\r\ndata:second line\r\n\r\n' +
  'id: 7\nevent: ping\ndata\n\n' +
  'event: empty\n\n' +
  'data: unfinished';

const EXPECTED: ServerSentEvent[] = [
  { type: 'visitors', data: '{"a":1}', lastEventId: '' },
  { type: 'message', data: 'first line\nsecond line', lastEventId: '' },
  { type: 'ping', data: '', lastEventId: '7' },
];

describe('event stream parser', () => {
  it('reads named events, multi-line data and ids, skipping comments, data-less and unfinished events', () => {
    expect(parseInPieces([STREAM])).toEqual(EXPECTED);
  });

  it('gives the same events however the text is cut, CRLF split included', () => {
    for (let size = 1; size <= 7; size++) {
      const pieces = STREAM.match(new RegExp(`[\\s\\S]{1,${size}}`, 'g')) ?? [];
      expect(parseInPieces(pieces)).toEqual(EXPECTED);
    }
    expect(parseInPieces(['data: a\r', '\n', '\r', '\ndata: b\r\r'])).toEqual([
      { type: 'message', data: 'a', lastEventId: '' },
      { type: 'message', data: 'b', lastEventId: '' },
    ]);
  });

  it('treats a lone CR as a line end', () => {
    expect(parseInPieces(['event: x\rdata: 1\r\r'])).toEqual([{ type: 'x', data: '1', lastEventId: '' }]);
  });
});

describe('readEventStream', () => {
  it('decodes UTF-8 split across chunks and reads to the end', async () => {
    const bytes = new TextEncoder().encode('event: visitors\ndata: 방문자 12명\n\n');
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        // One byte at a time splits every Korean character.
        for (const byte of bytes) controller.enqueue(Uint8Array.of(byte));
        controller.close();
      },
    });
    const events: ServerSentEvent[] = [];
    await readEventStream(body, (event) => events.push(event));
    expect(events).toEqual([{ type: 'visitors', data: '방문자 12명', lastEventId: '' }]);
  });
});
