/**
 * Money in the server's currency (`GET /api/economy/symbol`, fetched once
 * per page load and shared): what the portal computes itself (a price times
 * a quantity, a chart's axis, a reversal's amounts) is written as the server
 * writes the amounts it sends.
 */
import { useEffect, useState } from 'preact/hooks';
import { api, data } from '../api.js';
import { formatMoney } from './format.js';

let symbol: Promise<string> | undefined;

function loadSymbol(): Promise<string> {
  symbol ??= data(api.request('get', '/api/economy/symbol')).then(
    (answer) => answer.symbol,
    () => {
      // Asked again next time: the economy may be back.
      symbol = undefined;
      return '';
    },
  );
  return symbol;
}

/** Writes an amount in the server's currency; plain digits until the symbol is known. */
export function useMoney(): (amount: number) => string {
  const [known, setKnown] = useState('');
  useEffect(() => {
    let live = true;
    loadSymbol().then((value) => live && setKnown(value));
    return () => {
      live = false;
    };
  }, []);
  return (amount: number) => formatMoney(amount, known);
}
