import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/**
 * Read your writes (DESIGN decision 6): the position of the last write this
 * client made. Reads send it back so the query side answers only once its read
 * models have caught up with that write.
 */
export interface ConsistencyState {
  position: string | null;
}

const initialState: ConsistencyState = { position: null };

type PositionParts = readonly [transaction: bigint, global: bigint];

function partsOf(position: string): PositionParts {
  const [transaction = '0', global = '0'] = position.split('.');
  return [BigInt(transaction), BigInt(global)];
}

/**
 * Positions are `{transaction}.{global position}`; projections advance in that
 * order (DESIGN decision 4), so a write resolving late must not move us back.
 */
export function isLaterPosition(candidate: string, current: string): boolean {
  const [candidateTx, candidateGlobal] = partsOf(candidate);
  const [currentTx, currentGlobal] = partsOf(current);
  return candidateTx > currentTx || (candidateTx === currentTx && candidateGlobal > currentGlobal);
}

export const consistencySlice = createSlice({
  name: 'consistency',
  initialState,
  reducers: {
    positionObserved(state, action: PayloadAction<string>) {
      if (state.position === null || isLaterPosition(action.payload, state.position)) {
        state.position = action.payload;
      }
    },
  },
  selectors: {
    selectConsistentPosition: (state) => state.position,
  },
});

export const { positionObserved } = consistencySlice.actions;
export const { selectConsistentPosition } = consistencySlice.selectors;
export type ConsistencyRootState = { [consistencySlice.reducerPath]: ConsistencyState };
