import { EventEmitter } from 'node:events';
import type { Reading } from './measurements/store.js';

/**
 * In-process publish/subscribe of newly stored readings, one channel per sensor, so a publisher pays only
 * for the sensors somebody watches (the seed's bulk history with nobody listening costs a map lookup a
 * reading) and a subscriber hears only its own sensors.
 *
 * One bus per app (`app.readings`). It reaches the subscribers of its own process; with several API
 * processes on PostgreSQL the ingestion queue announces committed readings with NOTIFY and each process
 * LISTENs once and publishes here (`src/ingest/notify.ts`), so the stream route never knows.
 */
export class ReadingBus {
  readonly #emitter = new EventEmitter();
  /** Listeners attached, over all sensors: with none, a batch costs nothing (no channel name a reading). */
  #attached = 0;

  constructor() {
    // One listener per open stream and sensor: many viewers of one sensor are normal, not a leak.
    this.#emitter.setMaxListeners(0);
  }

  /** Hands committed readings to the subscribers of their sensors, synchronously. Never throws. */
  publish(readings: readonly Reading[]): void {
    if (this.#attached === 0) return;
    for (const reading of readings) {
      const channel = channelOf(reading.sensor_id);
      if (this.#emitter.listenerCount(channel) > 0) this.#emitter.emit(channel, reading);
    }
  }

  /**
   * Calls `listener` with each reading of the given sensors published from now on; returns the function
   * that unsubscribes. A listener that throws is unsubscribed (the readings are stored whatever happens).
   */
  subscribe(sensorIds: Iterable<number>, listener: (reading: Reading) => void): () => void {
    const channels = [...new Set(sensorIds)].map(channelOf);
    let subscribed = true;
    const unsubscribe = () => {
      if (!subscribed) return;
      subscribed = false;
      for (const channel of channels) this.#emitter.off(channel, guarded);
      this.#attached -= channels.length;
    };
    const guarded = (reading: Reading) => {
      try {
        listener(reading);
      } catch (error) {
        unsubscribe();
        process.emitWarning(`reading subscriber failed and was removed: ${String(error)}`);
      }
    };
    for (const channel of channels) this.#emitter.on(channel, guarded);
    this.#attached += channels.length;
    return unsubscribe;
  }

  /** Listeners attached now, over all sensors (one per subscription and sensor). */
  listenerCount(): number {
    let count = 0;
    for (const name of this.#emitter.eventNames()) count += this.#emitter.listenerCount(name);
    return count;
  }
}

function channelOf(sensorId: number): string {
  return `sensor:${sensorId}`;
}
