import { startTransition, useEffect, useState } from 'react';
import type { BaseLocationHook } from 'wouter';
import { navigate } from 'wouter/use-browser-location';

// wouter's own browser hooks read the address with useSyncExternalStore, whose updates are always urgent: a Back
// or a link followed while the server-rendered page is still hydrating would throw that hydration away (React
// error 418). These keep the address in state and apply each change as a transition, as react-router does.

/** The events wouter's history patch (loaded with `navigate`) and the browser fire when the address changes. */
const ADDRESS_EVENTS = ['popstate', 'pushState', 'replaceState'];

function useAddressPart(read: () => string): string {
  const [value, setValue] = useState(read);
  useEffect(() => {
    const update = () => startTransition(() => setValue(read()));
    update(); // a change between the first render and now
    for (const name of ADDRESS_EVENTS) addEventListener(name, update);
    return () => {
      for (const name of ADDRESS_EVENTS) removeEventListener(name, update);
    };
  }, [read]);
  return value;
}

const readPath = () => location.pathname;
const readSearch = () => location.search;

/** The browser's path, for wouter's Router `hook`. */
export const useAddressPath: BaseLocationHook = () => [useAddressPart(readPath), navigate];
/** The browser's query string, for wouter's Router `searchHook`. */
export const useAddressSearch = () => useAddressPart(readSearch);
