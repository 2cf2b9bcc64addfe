import type { HttpClient } from '../http';
import { getData, patchData, postData } from './envelope';
import type {
  Id,
  WebhookChannel,
  WebhookChannelCreateBodyInput,
  WebhookChannelCreated,
  WebhookChannelUpdateBodyInput,
  WebhookDelivery,
} from './types';

/** A team's webhook channels (issue 24): where its alerts post, signed, with a delivery log. */
export function webhooksApi(http: HttpClient) {
  return {
    /** GET /api/v1/webhook */
    list: (): Promise<WebhookChannel[]> => getData(http, '/api/v1/webhook'),
    /** POST /api/v1/webhook: the answer carries the signing secret once. */
    create: (body: WebhookChannelCreateBodyInput): Promise<WebhookChannelCreated> =>
      postData(http, '/api/v1/webhook', body),
    update: (id: Id, body: WebhookChannelUpdateBodyInput): Promise<WebhookChannel> =>
      patchData(http, `/api/v1/webhook/${id}`, body),
    remove: (id: Id): Promise<void> => http.delete<void>(`/api/v1/webhook/${id}`),
    /** POST /api/v1/webhook/{id}/test ("Skicka test"): one signed test delivery now, with its outcome. */
    test: (id: Id): Promise<WebhookDelivery> => postData(http, `/api/v1/webhook/${id}/test`),
    /** POST /api/v1/webhook/{id}/secret: a new signing secret, shown once. */
    newSecret: (id: Id): Promise<WebhookChannelCreated> => postData(http, `/api/v1/webhook/${id}/secret`),
  };
}
