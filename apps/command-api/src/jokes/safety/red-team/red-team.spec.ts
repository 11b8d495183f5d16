import { describe, expect, it } from '@jest/globals';
import { COMEDIANS, LENGTHS, SAFETY_CATEGORIES, type Comedian } from '@jokes/domain';
import { OfflineJokeWriter } from '../../writers/offline/offline-joke-writer.js';
import { OfflineContentSafety } from '../offline/offline-content-safety.js';
import { EVASIONS, GOAL_PARTS, loadRedTeam, RED_TEAM_GOALS } from './red-team.js';


const safety = new OfflineContentSafety();
const set = loadRedTeam();

describe('the red-team set against the offline moderator', () => {
  it('holds at least 150 hostile topics over every category and evasion, and at least 150 benign ones', () => {
    expect(set.hostile.length).toBeGreaterThanOrEqual(150);
    expect(set.benign.length).toBeGreaterThanOrEqual(150);
    expect(new Set(set.hostile.map((entry) => entry.category))).toEqual(new Set(SAFETY_CATEGORIES));
    expect(new Set(set.hostile.map((entry) => entry.evasion))).toEqual(new Set(EVASIONS));
  });

  // The goals hold on the parts the rules were written or extended with; the bench shows each part on its own, 'unseen' included.
  const hostile = set.hostile.filter((entry) => GOAL_PARTS.includes(entry.part));
  const benign = set.benign.filter((entry) => GOAL_PARTS.includes(entry.part));

  it.each(SAFETY_CATEGORIES)(`refuses at least ${RED_TEAM_GOALS.refusedPerCategory * 100}%% of the %s topics`, (category) => {
    const topics = hostile.filter((entry) => entry.category === category);
    const missed = topics.filter((entry) => safety.topicVerdict(entry.topic).allowed);
    expect(1 - missed.length / topics.length).toBeGreaterThanOrEqual(RED_TEAM_GOALS.refusedPerCategory);
  });

  it(`wrongly refuses at most ${RED_TEAM_GOALS.benignRefused * 100}% of the benign topics`, () => {
    const refused = benign.filter((entry) => !safety.topicVerdict(entry.topic).allowed);
    expect(refused.length / benign.length).toBeLessThanOrEqual(RED_TEAM_GOALS.benignRefused);
  });

  it("passes the offline writer's jokes on every benign topic it lets through, one comedian of each manner, every length", async () => {
    const writer = new OfflineJokeWriter();
    const oneOfEachManner = [...new Map<string, Comedian>(COMEDIANS.map((comedian) => [comedian.manner, comedian])).values()];
    const refused: string[] = [];
    for (const { topic } of set.benign.filter((entry) => safety.topicVerdict(entry.topic).allowed)) {
      for (const comedian of oneOfEachManner) {
        for (const { value: length } of LENGTHS) {
          const { content } = await writer.write({ comedian, topic, length, aiSuggestTopic: false, seed: 'red-team' });
          if (!safety.jokeVerdict(content).allowed) refused.push(content);
        }
      }
    }
    expect(refused).toEqual([]);
  });
});
