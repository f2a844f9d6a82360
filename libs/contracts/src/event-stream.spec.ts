import { readEventStream, type ServerSentEvent } from './event-stream';

/** A body that delivers the given pieces of bytes one by one. */
function bodyOf(pieces: Uint8Array[]): ReadableStream<Uint8Array> {
  return new ReadableStream<Uint8Array>({
    start(controller) {
      for (const piece of pieces) controller.enqueue(piece);
      controller.close();
    },
  });
}

async function read(pieces: Uint8Array[]): Promise<ServerSentEvent[]> {
  const events: ServerSentEvent[] = [];
  await readEventStream(bodyOf(pieces), (event) => events.push(event));
  return events;
}

const encode = (text: string) => new TextEncoder().encode(text);
/** The bytes cut into pieces of `size`. */
const cut = (bytes: Uint8Array, size: number) =>
  Array.from({ length: Math.ceil(bytes.length / size) }, (_, i) => bytes.slice(i * size, (i + 1) * size));

const STREAM =
  ': heartbeat\n\n' +
  'event: visitors\ndata: {"a":1}\n\n' +
  'data: first line\r\ndata:second line\r\n\r\n' +
  'event: x\rdata: 방문자 12명\r\r' +
  'event: empty\n\n' +
  'data: unfinished';

const EXPECTED: ServerSentEvent[] = [
  { type: 'visitors', data: '{"a":1}' },
  { type: 'message', data: 'first line\nsecond line' },
  { type: 'x', data: '방문자 12명' },
];

describe('readEventStream', () => {
  it('reads named events and multi-line data with any line ends, skipping comments, data-less and unfinished events', async () => {
    expect(await read([encode(STREAM)])).toEqual(EXPECTED);
  });

  it('gives the same events however the bytes are cut: CRLF and Korean characters split included', async () => {
    for (let size = 1; size <= 7; size++) expect(await read(cut(encode(STREAM), size))).toEqual(EXPECTED);
  });
});
