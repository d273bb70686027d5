import { describe, expect, it } from 'vitest';
import { SingleFlight } from './single-flight.ts';

describe('SingleFlight', () => {
  it('drops a second start while the first is under way, and allows one after it settled', () => {
    const flight = new SingleFlight();
    const dones: (() => void)[] = [];
    expect(flight.run((done) => dones.push(done))).toBe(true);
    expect(flight.run((done) => dones.push(done))).toBe(false);
    expect(dones).toHaveLength(1);
    expect(flight.inFlight).toBe(true);
    dones[0]!();
    expect(flight.inFlight).toBe(false);
    expect(flight.run((done) => dones.push(done))).toBe(true);
  });

  it('is free again when starting throws', () => {
    const flight = new SingleFlight();
    expect(() =>
      flight.run(() => {
        throw new Error('boom');
      }),
    ).toThrow('boom');
    expect(flight.inFlight).toBe(false);
  });
});
