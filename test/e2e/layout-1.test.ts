import { describeLayoutShare } from '../support/panel-layout.js';

// The panels in 3 shares, a file each, run side by side.
describeLayoutShare({ part: 1, of: 3 });
