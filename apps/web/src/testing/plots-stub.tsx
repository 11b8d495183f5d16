// @ant-design/plots draws on a canvas, which jsdom does not have. The specs
// check the figures (table, totals, CSV) and the charts' data builders; the
// charts themselves are drawn in the browser test. Each stub shows how many
// points it was given, so a spec can see that a chart got its data.
interface ChartProps {
  data: readonly unknown[];
}

const stub = (kind: string) =>
  function ChartStub({ data }: ChartProps) {
    return <div data-chart={kind}>{`${kind} chart of ${data.length} points`}</div>;
  };

export const Line = stub('line');
export const Column = stub('column');
export const Bar = stub('bar');
export const Funnel = stub('funnel');
