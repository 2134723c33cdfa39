import { describeFanout, type TFanout } from '@app/contract';
import { Alert, Loader } from '@mantine/core';
import { useFanout } from '../api/get-fanout';

/** A queued "classify once → everywhere": says it was queued, then the count when the jobs are done. */
export function FanoutStatus({ fanout }: { fanout: TFanout | null }) {
  const live = useFanout(fanout);
  const current = live.data ?? fanout;
  if (!current) return null;
  return (
    <Alert
      color={current.finished ? 'green' : 'blue'}
      icon={current.finished ? undefined : <Loader size={16} />}
      data-testid="fanout-status"
    >
      {describeFanout(current)}
    </Alert>
  );
}
