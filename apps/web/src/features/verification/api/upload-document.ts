import {
  verificationDocumentView,
  type VerificationDocumentKind,
  type VerificationDocumentView,
} from '@app/contracts';
import { env } from '../../../config/env.ts';
import {
  ApiError,
  NETWORK_ERROR_MESSAGE,
  UNEXPECTED_RESPONSE_MESSAGE,
} from '../../../lib/api-client.ts';
import { endSessionIfCurrent, getAccessToken } from '../../../lib/auth-store.ts';
import { isSuccessBody, readErrorDetails } from '../../../lib/envelope.ts';

/**
 * PUT verification/documents/:kind with the file as the raw body. XMLHttpRequest, not fetch:
 * only it reports the upload's progress, which a phone on a slow network needs to see.
 * Fails with an ApiError like the JSON client (a 401 ends the session the same way).
 */
export function uploadDocument(
  kind: VerificationDocumentKind,
  file: Blob,
  onProgress: (fraction: number) => void,
): Promise<VerificationDocumentView> {
  const token = getAccessToken();
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('PUT', `${env.apiBasePath}verification/documents/${kind}`);
    request.setRequestHeader('Accept', 'application/json');
    request.setRequestHeader('Content-Type', 'application/octet-stream');
    if (token) request.setRequestHeader('Authorization', `Bearer ${token}`);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    request.onerror = () => reject(new ApiError(NETWORK_ERROR_MESSAGE, 0));
    request.onload = () => {
      let body: unknown = null;
      try {
        body = request.responseText ? JSON.parse(request.responseText) : null;
      } catch {
        body = null;
      }
      const ok = request.status >= 200 && request.status < 300;
      if (ok && isSuccessBody(ok, body)) {
        const parsed = verificationDocumentView.safeParse(body.data);
        if (parsed.success) return resolve(parsed.data);
        return reject(new ApiError(UNEXPECTED_RESPONSE_MESSAGE, request.status));
      }
      if (request.status === 401 && token) endSessionIfCurrent(token);
      const { messages, code, validation } = readErrorDetails(body, request.status);
      reject(
        new ApiError(
          validation[0]?.reason ?? messages.join('\n'),
          request.status,
          code,
          validation,
        ),
      );
    };
    request.send(file);
  });
}
