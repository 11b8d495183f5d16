import StarFilled from '@ant-design/icons/StarFilled';
import StarOutlined from '@ant-design/icons/StarOutlined';
import { Button, Typography } from 'antd';
import { useRef, useState, type KeyboardEvent } from 'react';
import { RATING_VALUES, useJokeRating, type RatableJoke } from '../hooks/use-joke-rating';

const starsLabel = (value: number) => `${value} star${value === 1 ? '' : 's'}`;

/** Where each key moves the focus among the five stars (from index `at`), or null for keys it leaves alone. */
function nextIndex(key: string, at: number): number | null {
  const last = RATING_VALUES.length - 1;
  if (key === 'ArrowRight' || key === 'ArrowUp') return at === last ? 0 : at + 1;
  if (key === 'ArrowLeft' || key === 'ArrowDown') return at === 0 ? last : at - 1;
  if (key === 'Home') return 0;
  if (key === 'End') return last;
  return null;
}

/**
 * Five stars as a radio group named 'Rate this joke'. One Tab stop (the chosen
 * star, else the first); the arrow keys, Home and End move among the stars,
 * and Enter, Space or a press rates. Moving does not rate: every rating is
 * saved (and toasted) as it is chosen, so arrowing across would send a burst
 * of them. Logged-out users are told that rating needs a login.
 */
export function JokeRating({ joke }: { joke: RatableJoke }) {
  const { rating, rate, canRate } = useJokeRating(joke);
  const stars = useRef<(HTMLElement | null)[]>([]);
  // The star the keyboard last moved to; the chosen one (or the first) until then.
  const [focused, setFocused] = useState<number | null>(null);
  const tabStop = focused ?? (rating === null ? 0 : rating - 1);

  const move = (event: KeyboardEvent, at: number) => {
    const next = nextIndex(event.key, at);
    if (next === null) return;
    event.preventDefault();
    setFocused(next);
    stars.current[next]?.focus();
  };

  return (
    <div className="joke-rating">
      <div
        role="radiogroup"
        aria-label="Rate this joke"
        className="joke-rating__stars"
        // Coming back with Tab lands on the chosen star again, as in any radio group.
        onBlur={(event) => !event.currentTarget.contains(event.relatedTarget) && setFocused(null)}
      >
        {RATING_VALUES.map((value, index) => {
          const filled = rating !== null && value <= rating;
          return (
            <Button
              key={value}
              ref={(element) => {
                stars.current[index] = element;
              }}
              type="text"
              shape="circle"
              role="radio"
              aria-label={starsLabel(value)}
              aria-checked={rating === value}
              tabIndex={index === tabStop ? 0 : -1}
              icon={filled ? <StarFilled aria-hidden className="joke-rating__star--filled" /> : <StarOutlined aria-hidden />}
              onClick={() => void rate(value)}
              onKeyDown={(event) => move(event, index)}
              onFocus={() => setFocused(index)}
            />
          );
        })}
      </div>
      {!canRate && <Typography.Text type="secondary">Login to rate jokes</Typography.Text>}
    </div>
  );
}
