import { useCatalogueOptions } from '../hooks/use-catalogue-options';
import { GatedSelect, type GatedSelectProps } from './GatedSelect';

type ComedianSelectProps = Omit<GatedSelectProps, 'options' | 'searchable' | 'loading'>;

/** The comedian style dropdown: searchable, premium styles locked for non-subscribers. */
export function ComedianSelect(props: ComedianSelectProps) {
  const { comedians, isLoading } = useCatalogueOptions();
  return <GatedSelect placeholder="Search..." {...props} options={comedians} loading={isLoading} searchable />;
}
