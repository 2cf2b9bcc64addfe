/** Every API answer wraps its payload (DESIGN §2). */
export interface Envelope<T> {
  data: T;
}

export const unwrap = <T>(response: Promise<Envelope<T>>): Promise<T> => response.then((r) => r.data);
