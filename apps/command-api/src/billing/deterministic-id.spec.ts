import { describe, expect, it } from '@jest/globals';
import { uuidV5 } from './deterministic-id.js';

describe('uuidV5', () => {
  it('matches the RFC test vector for www.example.com in the DNS namespace', () => {
    expect(uuidV5('www.example.com', '6ba7b810-9dad-11d1-80b4-00c04fd430c8')).toBe('2ed6657d-e927-568b-95e1-2665a8aea6a2');
  });

  it('gives the same id for the same webhook event and a different one for another', () => {
    expect(uuidV5('evt_1/0')).toBe(uuidV5('evt_1/0'));
    expect(uuidV5('evt_1/0')).not.toBe(uuidV5('evt_1/1'));
  });
});
