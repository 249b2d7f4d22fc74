/**
 * Facet pieces several panels share, so a boolean or an admin state is
 * searched the same way everywhere. Plain data, no React.
 */

/** The choices of a boolean field's facet, as Horizon's tables show booleans. */
export const YES_NO_OPTIONS = [
  { key: 'true', label: 'Yes' },
  { key: 'false', label: 'No' },
];

/** Neutron's admin state as the BFF derives it (`admin_state`: 'UP' or 'DOWN', api-contract §8). */
export const ADMIN_STATE_FACET = {
  name: 'admin_state',
  label: 'Admin State',
  singleton: true,
  options: [
    { key: 'UP', label: 'UP' },
    { key: 'DOWN', label: 'DOWN' },
  ],
};
