import { useRef } from 'react';

/** A ref that always holds the latest value: event handlers registered once call the newest callback. */
export function useLatest<T>(value: T) {
  const ref = useRef(value);
  ref.current = value;
  return ref;
}
