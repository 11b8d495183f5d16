import { describe, it } from '@jest/globals';
import { JokeNotFoundError } from '../errors.js';
import { givenWhenThen } from '../testing/index.js';
import { jokeDecider, type RemoveJokeFromHistory, type UnpublishJoke } from './joke.decider.js';
import * as f from '../testing/joke.fixtures.js';
import type { JokeRemovedFromHistory, JokeUnpublished, JokeWithdrawn } from './joke.events.js';

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

describe('RemoveJokeFromHistory', () => {
  const remove = (userId = 'owner'): RemoveJokeFromHistory => ({ type: 'RemoveJokeFromHistory', data: { jokeId: 'joke-1', userId } });
  const removed: JokeRemovedFromHistory = { type: 'JokeRemovedFromHistory', data: { jokeId: 'joke-1', userId: 'owner', removedAt: now.toISOString() } };

  it('takes the public page down and removes the joke from History, naming the owner and the time', () => {
    given([generated(), shared(null)]).when(remove(), context).then([unpublished, removed]);
  });

  it('only removes it when the owner already took the page down', () => {
    given([generated(), shared(null), unpublished]).when(remove(), context).then([removed]);
  });

  it('takes the page down again when the owner had put it back up with their own share', () => {
    given([generated(), unpublished, shared('owner')]).when(remove(), context).then([unpublished, removed]);
  });

  it('records nothing the second time: a double click or a retry', () => {
    given([generated(), unpublished, removed]).when(remove(), context).then([]);
  });

  it("refuses someone else's joke, a visitor's joke, an unknown and a withdrawn one as not found", () => {
    given([generated(), shared(null)]).when(remove('stranger'), context).thenThrows(JokeNotFoundError);
    given([generated(null)]).when(remove(), context).thenThrows(JokeNotFoundError);
    given([]).when(remove(), context).thenThrows(JokeNotFoundError);
    given([generated(), withdrawn]).when(remove(), context).thenThrows(JokeNotFoundError);
  });
});
