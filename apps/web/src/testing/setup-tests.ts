import { afterEach } from '@jest/globals';
import { configure } from '@testing-library/react';
import { restoreFetch } from './fake-api';

// Pages load lazily; on a cold, busy machine (a clean CI clone runs every
// project at once on 2 cores) a first import can take longer than the 1 s
// default. What the tests wait for is behaviour, not speed.
configure({ asyncUtilTimeout: 10_000 });

afterEach(restoreFetch);
