import type { HttpClient } from '../http';
import { type Envelope, unwrap } from './envelope';
import type { Team } from './types';

export function teamsApi(http: HttpClient) {
  return {
    /** GET /api/v1/team */
    list: (): Promise<Team[]> => unwrap(http.get<Envelope<Team[]>>('/api/v1/team')),
  };
}
