/** Hands the start-up results (host, bridge, resources, device store, update checker) to the component tree. */
import { createContext, useContext, type ReactNode } from 'react';
import { useStore } from 'zustand';
import type { DeviceState } from './device-list/store';
import type { AppServices } from './startup/boot';

const ServicesContext = createContext<AppServices | null>(null);

export function ServicesProvider({ services, children }: { services: AppServices; children: ReactNode }) {
  return <ServicesContext.Provider value={services}>{children}</ServicesContext.Provider>;
}

export function useServices(): AppServices {
  const services = useContext(ServicesContext);
  if (!services) throw new Error('useServices() outside <ServicesProvider>');
  return services;
}

export function useDeviceState<T>(selector: (state: DeviceState) => T): T {
  return useStore(useServices().devices, selector);
}
