import { describe, expect, it } from '@jest/globals';
import { contracts } from '@jokes/contracts';
import { readModelNames } from '@jokes/read-models';

describe("the contracts' reads", () => {
  // The contracts depend on zod alone, so they name read models by string; a
  // misspelt one would make every read-your-writes wait run out (stale).
  it('name only read models that exist', () => {
    const unknown = contracts.flatMap((contract) => (contract.reads ?? []).filter((name) => !readModelNames.includes(name)).map((name) => `${contract.name}: ${name}`));
    expect(unknown).toEqual([]);
  });

  it('are declared by queries only', () => {
    expect(contracts.filter((contract) => contract.reads && contract.side !== 'query').map((contract) => contract.name)).toEqual([]);
  });
});
