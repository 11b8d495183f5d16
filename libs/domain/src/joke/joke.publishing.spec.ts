import { describe, it } from '@jest/globals';
import { JokeNotFoundError } from '../errors.js';
import { givenWhenThen } from '../testing/index.js';
import { jokeDecider, type UnpublishJoke } from './joke.decider.js';
import * as f from '../testing/joke.fixtures.js';
import type { JokeUnpublished, JokeWithdrawn } from './joke.events.js';

const given = givenWhenThen(jokeDecider);

const generated = (userId: string | null = 'owner') => f.jokeGenerated({ userId });
const shared = (userId: string | null) => f.jokeShared({ userId });
const { now, context } = f;
const unpublish = (userId = 'owner'): UnpublishJoke => ({ type: 'UnpublishJoke', data: { jokeId: 'joke-1', userId } });
const unpublished: JokeUnpublished = { type: 'JokeUnpublished', data: { jokeId: 'joke-1', userId: 'owner', unpublishedAt: now.toISOString() } };
const withdrawn: JokeWithdrawn = { type: 'JokeWithdrawn', data: { jokeId: 'joke-1', userId: 'owner', reason: 'copyright', withdrawnAt: now.toISOString() } };

describe('UnpublishJoke', () => {
  describe('when the joke is published', () => {
    it('takes the page down, naming the owner and the time', () => {
      given([generated(), shared(null)]).when(unpublish(), context).then([unpublished]);
    });

    it('records nothing the second time: a double click or a retry', () => {
      given([generated(), shared(null), unpublished]).when(unpublish(), context).then([]);
    });

    it("does not count a stranger's later share as the owner's word: still down", () => {
      given([generated(), shared(null), unpublished, shared('stranger')]).when(unpublish(), context).then([]);
    });

    it("takes it down again after the owner's own share put it back up", () => {
      given([generated(), shared(null), unpublished, shared('owner')]).when(unpublish(), context).then([unpublished]);
    });
  });

  it('takes down a joke nobody shared yet, so a later share by a stranger does not publish it', () => {
    given([generated()]).when(unpublish(), context).then([unpublished]);
  });

  it("refuses someone else's joke as not found: a stranger learns nothing about it", () => {
    given([generated(), shared(null)]).when(unpublish('stranger'), context).thenThrows(JokeNotFoundError);
  });

  it("refuses a visitor's joke (no owner to ask)", () => {
    given([generated(null), shared(null)]).when(unpublish(), context).thenThrows(JokeNotFoundError);
  });

  it('refuses an unknown or withdrawn joke', () => {
    given([]).when(unpublish(), context).thenThrows(JokeNotFoundError);
    given([generated(), shared(null), withdrawn]).when(unpublish(), context).thenThrows(JokeNotFoundError);
  });
});
