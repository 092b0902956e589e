import { AreaPlaceholder } from '../../components/ui/area-placeholder';

/** The HQ console (its own chunk). Its pages come with the HQ console issue. */
export const HqArea = () => <AreaPlaceholder area="hq" role="HQ_MANAGER" path="/hq" />;
