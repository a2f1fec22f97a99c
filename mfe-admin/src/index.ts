// Standalone page for this remote's team; an async boundary so shared singletons resolve first.
import('./bootstrap');
