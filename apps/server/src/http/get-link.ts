import type { ApiCall } from '@lotwise/contracts/http';
import type { FastifyInstance } from 'fastify';
import { AppError } from './errors.ts';
import { authedRoute } from './route.ts';

/**
 * Mounts the GET form of a change the spec names as a GET (issue 29.3). A GET never changes
 * data: any site can make the browser send one with the user's cookie and no CSRF token (a
 * link, an image, a form). It answers 405 with `Allow: POST` and names the POST that does it.
 */
export function refuseGetLink(app: FastifyInstance, link: ApiCall, post: ApiCall): void {
  authedRoute(app, link, async ({ reply }) => {
    reply.header('allow', post.method);
    throw new AppError(
      'method_not_allowed',
      `GET ${link.path} changes nothing: send ${post.method} ${post.path} with the CSRF token to make this change.`,
    );
  });
}
