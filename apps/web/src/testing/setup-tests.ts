import { afterEach } from '@jest/globals';
import { restoreFetch } from './fake-api';

afterEach(restoreFetch);
