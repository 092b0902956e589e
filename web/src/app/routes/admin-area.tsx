import { AreaPlaceholder } from '../../components/ui/area-placeholder';

/** The operator backoffice (its own chunk). Its pages come with the backoffice issue. */
export const AdminArea = () => <AreaPlaceholder area="admin" role="OPERATOR" path="/admin" />;
