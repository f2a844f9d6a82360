/**
 * Reading `text/event-stream` (server-sent events) from a fetch body, for streams that need an
 * Authorization header, which the browser's EventSource cannot send. Follows the HTML standard's
 * parsing rules: CR, LF or CRLF line ends, `:` comments, `event`, `data` (lines joined with LF)
 * and `id` fields, a blank line ending each event, events without data dropped.
 */

export interface ServerSentEvent {
  /** The `event:` field, 'message' when absent. */
  type: string;
  data: string;
  /** The last `id:` seen on the stream ('' when none). */
  lastEventId: string;
}

export interface EventStreamParser {
  /** Feeds decoded text, in pieces of any size; calls the listener for each complete event. */
  push(text: string): void;
}

export function createEventStreamParser(onEvent: (event: ServerSentEvent) => void): EventStreamParser {
  let partialLine = '';
  // A CR ending one piece may be the first half of a CRLF split across two pieces.
  let endedWithCarriageReturn = false;
  let type = '';
  let data: string[] = [];
  let lastEventId = '';

  const dispatch = () => {
    if (data.length > 0) onEvent({ type: type || 'message', data: data.join('\n'), lastEventId });
    type = '';
    data = [];
  };

  const processLine = (line: string) => {
    if (line === '') return dispatch();
    if (line.startsWith(':')) return;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') type = value;
    else if (field === 'data') data.push(value);
    else if (field === 'id' && !value.includes('\0')) lastEventId = value;
  };

  return {
    push(text) {
      if (!text) return;
      const piece = endedWithCarriageReturn && text.startsWith('\n') ? text.slice(1) : text;
      endedWithCarriageReturn = text.endsWith('\r');
      const lines = (partialLine + piece).split(/\r\n|\r|\n/);
      partialLine = lines.pop() ?? '';
      lines.forEach(processLine);
    },
  };
}

/** Reads a response body to its end, calling `onEvent` for each event. */
export async function readEventStream(
  body: ReadableStream<Uint8Array>,
  onEvent: (event: ServerSentEvent) => void,
): Promise<void> {
  const parser = createEventStreamParser(onEvent);
  const decoder = new TextDecoder();
  const reader = body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return parser.push(decoder.decode());
    // stream: a character split across chunks waits for its other bytes.
    parser.push(decoder.decode(value, { stream: true }));
  }
}
