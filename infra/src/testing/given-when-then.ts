import type { DomainError } from '@ot/contracts/errors/domain-errors.ts';
import * as assert from 'uvu/assert';

/** A stream's fold: where a decider's state comes from (`initialState` then `evolve` over the history). */
export interface Fold<State, Event> {
  initialState: () => State;
  evolve: (state: State, event: Event) => State;
}

type DomainErrorClass = abstract new (...args: never[]) => DomainError;

/**
 * Tests that read as the rule: given these past events, when this command, then these new events (or
 * this refusal). Pure: no store, no clock. One helper for every stream family, e.g.
 * `const { given } = givenWhenThen({ initialState: initialOrderState, evolve })`.
 *
 * A projection test reads the same way: the read models the given events left are the state and the
 * projection of the event under test is the decision (projector/src/projections/customers/
 * customers.given-when-then.test.ts shows how).
 */
export function givenWhenThen<State, Event extends { type: string }>(fold: Fold<State, Event>) {
  return {
    given(...history: Event[]) {
      const state = history.reduce(fold.evolve, fold.initialState());
      return {
        /** The state the history folds to, for rules about the fold itself. */
        state,
        when<Command, Result>(decide: (command: Command, state: State) => Result[], command: Command) {
          const run = () => decide(command, state);
          return {
            thenAppends(expected: Result[]): void {
              assert.equal(run(), expected);
            },
            /** When only the kinds of event and their order matter. */
            thenTypes(expected: string[]): void {
              assert.equal(
                run().map((event) => (event as { type?: string }).type),
                expected,
              );
            },
            thenAppendsNothing(): void {
              assert.equal(run(), []);
            },
            /** Refused with this kind of domain error and message. */
            thenFails(kind: DomainErrorClass, message: string): void {
              try {
                run();
              } catch (error) {
                assert.instance(error, kind);
                assert.is((error as DomainError).message, message);
                return;
              }
              assert.unreachable(`expected a ${kind.name}`);
            },
          };
        },
      };
    },
  };
}
