import { useCatalogueOptions } from '../hooks/use-catalogue-options';
import { GatedSelect, type GatedSelectProps } from './GatedSelect';

type LengthSelectProps = Omit<GatedSelectProps, 'options' | 'searchable' | 'loading'>;

/** The joke length dropdown: short is free, the other lengths are locked for non-subscribers. */
export function LengthSelect(props: LengthSelectProps) {
  const { lengths, isLoading } = useCatalogueOptions();
  return <GatedSelect {...props} options={lengths} loading={isLoading} />;
}
