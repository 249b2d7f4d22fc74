import { ScreenGate } from '../../src/app/PanelGate';
import ContainersPage from './ContainersPage';
import { CONTAINERS_PANEL } from './panel';

/** `/project/containers/*`, open when its sidebar entry is (object-store in the catalog). */
export default function ContainersRoute() {
  return (
    <ScreenGate entry={CONTAINERS_PANEL}>
      <ContainersPage />
    </ScreenGate>
  );
}
