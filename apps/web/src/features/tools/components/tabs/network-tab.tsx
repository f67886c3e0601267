import { useQuery } from '@tanstack/react-query';
import { networkStatusQuery } from '../../api/network-api';
import { NetworkStatusSection } from '../network/network-status-section';
import { RadiusSection } from '../network/radius-section';
import { NetworkSimulatorTab } from './network-simulator-tab';

/**
 * Tools → Network: the network behind the cabinet (adapter, HLR, links, reconcile), RADIUS accounting,
 * and the simulator's settings while the simulator is the network.
 */
export function NetworkTab() {
  const status = useQuery(networkStatusQuery);
  return (
    <div className="tools-stack">
      <NetworkStatusSection />
      <RadiusSection />
      {status.data?.adapter === 'simulator' && <NetworkSimulatorTab />}
    </div>
  );
}
