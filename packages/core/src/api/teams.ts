import type { HttpClient } from '../http';
import { getData } from './envelope';
import type { Team } from './types';

export function teamsApi(http: HttpClient) {
  return {
    /** GET /api/v1/team */
    list: (): Promise<Team[]> => getData(http, '/api/v1/team'),
  };
}
