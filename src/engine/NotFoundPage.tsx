import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { PageHeading } from './PageHeading';

/** Where unknown routes, unknown detail types and 404 loads land (spec 1 §2.1, §8). */
export default function NotFoundPage() {
  return (
    <section>
      <PageHeading title="Page Not Found" />
      <Typography sx={{ mb: 2 }}>
        The page you were looking for doesn&apos;t exist. You may have mistyped the address or the page may have moved.
      </Typography>
      <Link component={RouterLink} to="/">
        Go to the home page
      </Link>
    </section>
  );
}
