// One tap, one request: a second tap while the first is on its way is dropped, before React has
// even re-rendered the button as busy. The server stays the judge of duplicates.
import { useState } from 'react';

export class SingleFlight {
  private busy = false;

  /** Starts `start` unless one is under way; `start` calls `done` when its request has settled. Returns whether it started. */
  run(start: (done: () => void) => void): boolean {
    if (this.busy) return false;
    this.busy = true;
    let finished = false;
    try {
      start(() => {
        if (finished) return;
        finished = true;
        this.busy = false;
      });
    } catch (err) {
      this.busy = false;
      throw err;
    }
    return true;
  }

  get inFlight(): boolean {
    return this.busy;
  }
}

export function useSingleFlight(): SingleFlight {
  // One instance for the component's life (a mutable object, never rendered from).
  const [flight] = useState(() => new SingleFlight());
  return flight;
}
