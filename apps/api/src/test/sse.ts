/** One server-sent event block, its lines split into fields (`comment` for `: …` lines). */
export interface Block {
  id?: string;
  event?: string;
  data?: string;
  retry?: string;
  comment?: string;
}

/** An open server-sent event stream over real HTTP, read the way the SDK reads it (fetch + body reader). */
export interface OpenStream {
  response: Response;
  /** The next block; rejects with 'stream ended' when the server has closed the stream. */
  next(): Promise<Block>;
  close(): void;
}

function parseBlock(text: string): Block {
  const block: Block = {};
  for (const line of text.split('\n')) {
    if (line.startsWith(':')) block.comment = line.slice(1).trim();
    else {
      const at = line.indexOf(':');
      const field = line.slice(0, at) as keyof Block;
      block[field] = line.slice(at + 1).trim();
    }
  }
  return block;
}

export async function openStream(url: string, headers: Record<string, string>): Promise<OpenStream> {
  const controller = new AbortController();
  const response = await fetch(url, {
    headers: { accept: 'text/event-stream', ...headers },
    signal: controller.signal,
  });
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  return {
    response,
    async next() {
      for (;;) {
        const end = buffer.indexOf('\n\n');
        if (end >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          return parseBlock(block);
        }
        const { value, done } = await reader.read();
        if (done) throw new Error('stream ended');
        buffer += value;
      }
    },
    close: () => controller.abort(),
  };
}

/** Reads blocks until the server ends the stream; rejects when it is still open after `ms`. */
export async function untilEnded(stream: OpenStream, ms = 5_000): Promise<Block[]> {
  const blocks: Block[] = [];
  const deadline = new Promise<never>((_, reject) => {
    setTimeout(() => reject(new Error(`stream still open after ${ms} ms`)), ms).unref();
  });
  const drain = (async () => {
    for (;;) {
      try {
        blocks.push(await stream.next());
      } catch {
        return blocks;
      }
    }
  })();
  return Promise.race([drain, deadline]);
}
