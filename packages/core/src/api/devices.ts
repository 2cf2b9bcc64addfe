import { ForbiddenError } from '../errors';
import type { HttpClient } from '../http';
import { getData, patchData, postData } from './envelope';
import type { Device, DeviceCreateBodyInput, DeviceUpdateBodyInput, Id, IngestDeadLetter } from './types';

export interface DeviceListOptions {
  /** Only devices not yet connected to a team. Admins only (spec §6). @default false */
  unassigned?: boolean;
}

const LIST_PATH = '/api/v1/device/?include=sensors,defaultSensor,gateways,teams&sort=title';

/** `isAdmin` is asked before an unassigned-filter request: only admins may send it (spec §6). */
export function devicesApi(http: HttpClient, isAdmin: () => boolean) {
  return {
    /** GET /api/v1/device: the plain list. */
    all: (): Promise<Device[]> => getData(http, '/api/v1/device'),
    /**
     * GET /api/v1/device/?include=sensors,defaultSensor,gateways,teams&sort=title, plus
     * `&filter[unassigned]=1` for admins; non-admins asking for it are refused without a request.
     */
    list: ({ unassigned = false }: DeviceListOptions = {}): Promise<Device[]> => {
      const path = unassigned ? `${LIST_PATH}&filter[unassigned]=1` : LIST_PATH;
      if (unassigned && !isAdmin()) {
        return Promise.reject(
          new ForbiddenError(403, { message: 'Only admins may list unassigned devices.' }, 'GET', path),
        );
      }
      return getData(http, path);
    },
    /** GET /api/v1/device/{id}/?include=sensors,gateways,teams */
    show: (id: Id): Promise<Device> => getData(http, `/api/v1/device/${id}/?include=sensors,gateways,teams`),
    create: (body: DeviceCreateBodyInput): Promise<Device> => postData(http, '/api/v1/device', body),
    update: (id: Id, body: DeviceUpdateBodyInput): Promise<Device> =>
      patchData(http, `/api/v1/device/${id}`, body),
    remove: (id: Id): Promise<void> => http.delete<void>(`/api/v1/device/${id}`),
    /** GET /api/v1/device/{id}/dead-letters: messages naming it that could never be stored, by reason. */
    deadLetters: (id: Id): Promise<IngestDeadLetter[]> => getData(http, `/api/v1/device/${id}/dead-letters`),
  };
}
