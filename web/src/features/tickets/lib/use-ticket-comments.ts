import { TICKET_POLL_MS, type TTicketComment } from '@app/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { fetchTicketComments } from '../api/get-ticket-comments';

/**
 * The chat's comments: all of them first, then every 10 s only those after the last id (spec 02 §4, §9).
 * `onPoll` runs with each poll (the page refreshes the ticket's status with it). Comments are merged by id,
 * so one added here and seen again by a poll shows once.
 */
export function useTicketComments(ticketId: string, onPoll: () => void) {
  const [comments, setComments] = useState<TTicketComment[]>([]);
  const [isLoading, setIsLoading] = useState(true);
  const lastId = useRef(0);
  const onPollRef = useRef(onPoll);
  onPollRef.current = onPoll;

  const merge = useCallback((incoming: TTicketComment[]) => {
    const fresh = incoming.filter((c) => c.id > lastId.current);
    if (fresh.length === 0) return;
    lastId.current = Math.max(...fresh.map((c) => c.id));
    setComments((prev) => [...prev, ...fresh]);
  }, []);

  useEffect(() => {
    let isCancelled = false;
    lastId.current = 0;
    setComments([]);
    setIsLoading(true);
    const load = async () => {
      try {
        const list = await fetchTicketComments(ticketId, lastId.current || undefined);
        if (!isCancelled) merge(list);
      } catch {
        // spec 02 §8: non-200 replies of the tickets calls are ignored; the next poll tries again
      } finally {
        if (!isCancelled) setIsLoading(false);
      }
    };
    void load();
    const timer = setInterval(() => {
      void load();
      onPollRef.current();
    }, TICKET_POLL_MS);
    return () => {
      isCancelled = true;
      clearInterval(timer);
    };
  }, [ticketId, merge]);

  return { comments, isLoading, merge };
}
