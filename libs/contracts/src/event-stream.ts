import { createParser } from 'eventsource-parser';

/**
 * Reading `text/event-stream` (server-sent events) from a fetch body, for streams that need an
 * Authorization header, which the browser's EventSource cannot send. The parsing is
 * `eventsource-parser`'s, which follows the HTML standard's rules.
 */
export interface ServerSentEvent {
  /** The `event:` field, 'message' when absent. */
  type: string;
  data: string;
}

/** Reads a response body to its end, calling `onEvent` for each event. */
export async function readEventStream(
  body: ReadableStream<Uint8Array>,
  onEvent: (event: ServerSentEvent) => void,
): Promise<void> {
  const parser = createParser({
    onEvent: ({ event, data }) => onEvent({ type: event ?? 'message', data }),
  });
  const decoder = new TextDecoder();
  const reader = body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return parser.feed(decoder.decode());
    // stream: a character split across chunks waits for its other bytes.
    parser.feed(decoder.decode(value, { stream: true }));
  }
}
