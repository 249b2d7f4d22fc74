import type { Handler } from '../../core/service.js';
import { ACCOUNT_LISTING_LIMIT, CONTAINER_LISTING_LIMIT, MAX_FILE_SIZE, MAX_META_VALUE_LENGTH, MAX_OBJECT_NAME_LENGTH, STORAGE_POLICIES } from '../models/policies.js';
import { MAX_CONTAINER_NAME_LENGTH } from '../models/containers.js';
import { MAX_MANIFEST_SEGMENTS, MAX_MANIFEST_SIZE } from './large-objects.js';

/** `GET /info`: the cluster's capabilities, as swift's proxy publishes them (no token needed). */
export const showInfo: Handler = () => async (_request, reply) =>
  reply.header('content-type', 'application/json; charset=UTF-8').send(
    JSON.stringify({
      swift: {
        version: '2.33.0',
        max_file_size: MAX_FILE_SIZE,
        max_meta_name_length: 128,
        max_meta_value_length: MAX_META_VALUE_LENGTH,
        max_meta_count: 90,
        max_meta_overall_size: 4096,
        max_header_size: 8192,
        max_object_name_length: MAX_OBJECT_NAME_LENGTH,
        max_container_name_length: MAX_CONTAINER_NAME_LENGTH,
        max_account_name_length: 256,
        account_listing_limit: ACCOUNT_LISTING_LIMIT,
        container_listing_limit: CONTAINER_LISTING_LIMIT,
        extra_header_count: 0,
        valid_api_versions: ['v1', 'v1.0'],
        account_autocreate: true,
        allow_account_management: false,
        strict_cors_mode: true,
        policies: STORAGE_POLICIES.map((policy) => ({
          name: policy.name,
          aliases: policy.aliases.join(', '),
          ...(policy.default ? { default: true } : {}),
          ...(policy.description ? { description: policy.description } : {}),
        })),
      },
      slo: { max_manifest_segments: MAX_MANIFEST_SEGMENTS, max_manifest_size: MAX_MANIFEST_SIZE, min_segment_size: 1, yield_frequency: 10, allow_async_delete: true },
      dlo: { max_segments: 10000 },
      account_quotas: {},
      staticweb: {},
    }),
  );
